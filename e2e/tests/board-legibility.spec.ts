import { nricFor } from '@clinic/domain';
import type { Page } from '@playwright/test';
import { resolve } from 'node:path';
import { expect, test } from '../support/test.ts';
import {
  addPatient,
  addStaff,
  callApi,
  createClinic,
  enqueue,
  type Staff,
} from '../support/clinic.ts';

const SCREENS = resolve(import.meta.dirname, '../../test-results/e2e-screens');

/** A waiting-room tablet upright and on its side, a small laptop and a 1080p television. */
const SIZES = [
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
];

const put = (desk: Staff, path: string, body?: unknown) =>
  callApi<{ version: number }>('PUT', `/queue/${path}`, body, desk.token, desk.branchId);

/**
 * A busy morning, one more of each than its panel shows: six numbers called to
 * 'Consultation Room 2' (and one done), thirteen waiting, and eight room services pending,
 * in progress and completed. Answers the board's display link.
 */
async function busyBoard(): Promise<string> {
  const clinic = await createClinic();
  const doctor = await addStaff(clinic, '50', 'Rachel');
  const desk = await addStaff(clinic, 'Front Desk', 'Desmond');
  const admin = await callApi<{ token: string }>('POST', '/sign-in', {
    username: clinic.username,
    password: clinic.password,
  });
  const asAdmin = (method: string, path: string, body: unknown) =>
    callApi<{ path: string }>(method, path, body, admin.token, desk.branchId);
  await asAdmin('PUT', `/queue/doctor-rooms/${doctor.id}`, { roomName: 'Consultation Room 2' });
  const link = await asAdmin('POST', '/queue/display-links', { name: 'Waiting room TV' });

  const entries = [];
  for (let i = 0; i < 20; i += 1) {
    const nric = nricFor('S', String(7_100_000 + i));
    entries.push(await enqueue(desk, await addPatient(desk, `Patient ${i}`, nric), doctor.id));
  }
  const called = entries.slice(0, 7);
  for (const [i, entry] of called.entries()) {
    const roomService = i === 0 ? 'Pharmacy' : 'Consultation Room 2';
    await put(desk, `${entry.id}/room-service`, { roomService, version: entry.version });
    await put(desk, `${entry.id}/call-in`);
    if (i === 0) await put(desk, `${entry.id}/consult-out`);
  }
  for (const entry of entries.slice(7, 8)) {
    await put(desk, `${entry.id}/room-service`, {
      roomService: 'Treatment Room',
      version: entry.version,
    });
  }
  return link.path;
}

interface Measured {
  problems: string[];
  next: number;
  current: number;
  rooms: number;
}

/**
 * Every text of the board against its own box and every box that clips it (a panel, the
 * screen): text wider than its box is cut or spills onto its neighbour, and text outside
 * a clipping box is cut. The 'Next' numbers must not overlap one another, and the page
 * must not scroll sideways.
 */
function measureBoard(page: Page): Promise<Measured> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const board = document.querySelector('.board')!;
    const textRect = (element: Element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return range.getBoundingClientRect();
    };
    const name = (element: Element) =>
      `${element.className || element.tagName} '${element.textContent?.trim()}'`;
    const texts = board.querySelectorAll(
      'h1, h2, .board-number, .board-to, .board-place, .board-suffix, .board-more, .board-empty, .board-header span, button',
    );
    for (const element of texts) {
      if (!element.textContent?.trim()) continue;
      const style = getComputedStyle(element);
      if (style.display !== 'inline' && element.scrollWidth > element.clientWidth + 1) {
        problems.push(
          `${name(element)} is wider than its box (${element.scrollWidth} > ${element.clientWidth})`,
        );
      }
      const text = textRect(element);
      for (let box = element.parentElement; box; box = box.parentElement) {
        const clip = getComputedStyle(box);
        if (clip.overflowX === 'visible' && clip.overflowY === 'visible') continue;
        const edge = box.getBoundingClientRect();
        if (
          text.left < edge.left - 1 ||
          text.right > edge.right + 1 ||
          text.top < edge.top - 1 ||
          text.bottom > edge.bottom + 1
        ) {
          problems.push(`${name(element)} is cut by ${name(box).slice(0, 40)}`);
          break;
        }
      }
    }
    const numbers = [...board.querySelectorAll('[data-testid="board-next"]')].map((element) => ({
      text: element.textContent,
      rect: textRect(element),
    }));
    for (const [i, a] of numbers.entries()) {
      for (const b of numbers.slice(i + 1)) {
        const overlapX = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
        const overlapY = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
        if (overlapX > 0.5 && overlapY > 0.5) problems.push(`'Next' ${a.text} overlaps ${b.text}`);
      }
    }
    const page = document.documentElement;
    if (page.scrollWidth > page.clientWidth) {
      problems.push(`the page scrolls sideways (${page.scrollWidth} > ${page.clientWidth})`);
    }
    const count = (testId: string) => board.querySelectorAll(`[data-testid="${testId}"]`).length;
    return {
      problems,
      next: count('board-next'),
      current: count('board-current'),
      rooms: count('board-room'),
    };
  });
}

test('[DISPLAY] the board stays legible from a 768 px tablet to a 1080p television', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const boardPath = await busyBoard();
  await page.goto(boardPath);
  await expect(page.getByTestId('board-next')).toHaveCount(12);
  await expect(page.getByTestId('board-current').first()).toContainText('To Consultation Room 2');
  for (const size of SIZES) {
    await page.setViewportSize(size);
    // Two frames: the layout of the new size is drawn.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await page.screenshot({
      path: `${SCREENS}/queue-display-busy-${size.width}x${size.height}.png`,
    });
    const measured = await measureBoard(page);
    expect(measured.problems, `at ${size.width}x${size.height}`).toEqual([]);
    expect(measured, `at ${size.width}x${size.height}`).toMatchObject({
      next: 12,
      current: 5,
      rooms: 7,
    });
    await expect(page.getByText('+1 more')).toHaveCount(3);
  }
});

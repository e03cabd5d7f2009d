import { MantineProvider, NavLink } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes, useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../i18n/index.ts';
import { AppFrame } from './AppFrame.tsx';

function Page() {
  const { page = '' } = useParams();
  return <h1>Page {page}</h1>;
}

/** A frame with two pages, at a window as wide as `wide` says (jsdom has no layout). */
function showFrame({ wide }: { wide: boolean }) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        matches: wide,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
  const frame = (
    <AppFrame
      navWidth={240}
      brand={<span>Clinic</span>}
      actions={<button type="button">User menu</button>}
      nav={(onNavigate) => (
        <nav aria-label="Main navigation">
          {['one', 'two'].map((page) => (
            <NavLink
              key={page}
              component={Link}
              to={`/${page}`}
              label={`Go to ${page}`}
              onClick={onNavigate}
            />
          ))}
        </nav>
      )}
    >
      <Page />
    </AppFrame>
  );
  render(
    <MantineProvider env="test">
      <MemoryRouter initialEntries={['/one']}>
        <Routes>
          <Route path="/:page" element={frame} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}

const menuButton = () => screen.getByRole('button', { name: 'Open navigation' });
const navigation = () => screen.queryByRole('navigation', { name: 'Main navigation' });

afterEach(() => vi.restoreAllMocks());

describe('the frame on a narrow screen: the navigation is a drawer', () => {
  it('is closed at first; the menu button opens it and closes it', async () => {
    showFrame({ wide: false });
    expect(navigation()).not.toBeInTheDocument();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(menuButton());
    expect(await screen.findByRole('dialog', { name: 'Clinic Manager' })).toBeInTheDocument();
    expect(navigation()).toBeInTheDocument();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Close navigation' }));
    expect(navigation()).not.toBeInTheDocument();
    await waitFor(() => expect(menuButton()).toHaveFocus());
  });

  it('closes when a link is followed, showing the new page', async () => {
    showFrame({ wide: false });
    await userEvent.click(menuButton());
    await userEvent.click(await screen.findByRole('link', { name: 'Go to two' }));
    expect(screen.getByRole('heading', { name: 'Page two' })).toBeInTheDocument();
    expect(navigation()).not.toBeInTheDocument();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape', async () => {
    showFrame({ wide: false });
    await userEvent.click(menuButton());
    await screen.findByRole('dialog', { name: 'Clinic Manager' });
    await userEvent.keyboard('{Escape}');
    expect(navigation()).not.toBeInTheDocument();
    await waitFor(() => expect(menuButton()).toHaveFocus());
  });
});

describe('the frame on a wide screen', () => {
  it('shows the navigation beside the page, with no menu button', () => {
    showFrame({ wide: true });
    expect(navigation()).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open navigation' })).not.toBeInTheDocument();
  });
});

describe('the skip link', () => {
  it.each([false, true])('is the first tab stop and leads to the page (wide: %s)', async (wide) => {
    showFrame({ wide });
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await userEvent.click(skip);
    expect(screen.getByRole('main')).toHaveFocus();
    expect(screen.getByRole('main')).toContainElement(
      screen.getByRole('heading', { name: 'Page one' }),
    );
  });
});

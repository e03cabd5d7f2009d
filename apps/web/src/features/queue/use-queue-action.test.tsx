import { act, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/http.ts';
import { queueKeys } from './queue-api.ts';
import {
  BRANCH_ID,
  closeMessages,
  renderInBranch,
  signInForTest,
  testQueryClient,
} from './test-utils.tsx';
import { useQueueAction } from './use-queue-action.ts';

type QueueAction = ReturnType<typeof useQueueAction>;

/** Hands the hook's function to the test once rendered. */
function Harness({ onReady }: { onReady: (action: QueueAction) => void }) {
  const action = useQueueAction();
  useEffect(() => {
    onReady(action);
  }, [action, onReady]);
  return null;
}

let run: QueueAction;

function setUp() {
  const client = testQueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  renderInBranch(<Harness onReady={(action) => (run = action)} />, client);
  const refreshedDayLists = () =>
    invalidate.mock.calls.filter(
      ([filters]) =>
        JSON.stringify(filters?.queryKey) === JSON.stringify(queueKeys.branch(BRANCH_ID)),
    ).length;
  return { refreshedDayLists };
}

describe('queue row actions', () => {
  beforeEach(() => signInForTest());
  afterEach(closeMessages);

  it('says Successful and refreshes the day', async () => {
    const { refreshedDayLists } = setUp();
    let worked = false;
    await act(async () => {
      worked = await run(() => Promise.resolve(), 'update');
    });
    expect(worked).toBe(true);
    expect(await screen.findByText('Successful')).toBeInTheDocument();
    expect(refreshedDayLists()).toBe(1);
  });

  it('shows the server message of a stale version and refreshes the list', async () => {
    const { refreshedDayLists } = setUp();
    let worked = true;
    await act(async () => {
      worked = await run(
        () => Promise.reject(new ApiError(409, 'This queue entry was changed by someone else.')),
        'update',
      );
    });
    expect(worked).toBe(false);
    expect(
      await screen.findByText('This queue entry was changed by someone else.'),
    ).toBeInTheDocument();
    expect(refreshedDayLists()).toBe(1);
  });

  it('falls back to the spec text when the server says nothing', async () => {
    const { refreshedDayLists } = setUp();
    await act(async () => {
      await run(() => Promise.reject(new TypeError('Failed to fetch')), 'callIn');
    });
    expect(await screen.findByText('Call In failed')).toBeInTheDocument();
    expect(refreshedDayLists()).toBe(0);
  });

  it('adds no alert of its own to a refusal the client already showed (403)', async () => {
    setUp();
    await act(async () => {
      await run(() => Promise.reject(new ApiError(403, 'Not allowed')), 'delete');
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

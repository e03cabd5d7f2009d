import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/http.ts';
import '../i18n/index.ts';
import { removeAfterConfirm } from './confirmed-removal.ts';
import './dialog-views.tsx';
import { DialogHost, dialogs, snackbar } from './dialogs.tsx';

/** A removal whose calls are counted; `failure` makes the removal throw it. */
function removal(failure?: Error) {
  const calls = { remove: 0, refresh: 0 };
  const done = removeAfterConfirm({
    title: 'Remove',
    message: 'Remove this row?',
    remove: async () => {
      calls.remove += 1;
      if (failure) throw failure;
    },
    removed: 'Row removed',
    refresh: async () => {
      calls.refresh += 1;
    },
  });
  return { calls, done };
}

function renderHost() {
  render(
    <MantineProvider env="test">
      <Notifications />
      <DialogHost />
    </MantineProvider>,
  );
}

async function answer(button: 'OK' | 'Cancel') {
  expect(await screen.findByText('Remove this row?')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: button }));
}

describe('removeAfterConfirm', () => {
  // Dialogs and snackbars are the page's, not a render's: each test starts without any.
  afterEach(() => {
    dialogs.dismissAll();
    snackbar.clear();
  });

  it('removes nothing and reloads nothing when the user cancels', async () => {
    renderHost();
    const { calls, done } = removal();
    await answer('Cancel');
    await done;
    expect(calls).toEqual({ remove: 0, refresh: 0 });
  });

  it('removes once confirmed, says so and reloads the list', async () => {
    renderHost();
    const { calls, done } = removal();
    await answer('OK');
    await done;
    expect(calls).toEqual({ remove: 1, refresh: 1 });
    expect(await screen.findByText('Row removed')).toBeInTheDocument();
  });

  it("alerts a refusal's message and reloads the list (a 409: someone changed the row)", async () => {
    renderHost();
    const message = 'This record was changed by someone else. Please reload it and try again.';
    const { calls, done } = removal(new ApiError(409, message, 'record.changed'));
    await answer('OK');
    await done;
    expect(calls).toEqual({ remove: 1, refresh: 1 });
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText('Row removed')).not.toBeInTheDocument();
  });

  it('leaves a 403 to the API client, which alerts it itself', async () => {
    renderHost();
    const message = 'Your role does not allow this. Please ask your clinic administrator.';
    const { calls, done } = removal(new ApiError(403, message, 'access.roleRefusal'));
    await answer('OK');
    await done;
    expect(calls).toEqual({ remove: 1, refresh: 1 });
    await waitFor(() => expect(screen.queryByText('Remove this row?')).not.toBeInTheDocument());
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });
});

import { Button, MantineProvider, Select, TextInput } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import '../i18n/index.ts';
import './dialog-views.tsx';
import { AppDialog } from './AppDialog.tsx';
import { DialogHost } from './dialogs.tsx';

/** A page with a button that opens a dialog holding a select and a text field. */
function Page() {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open the form</Button>
      {open && (
        <AppDialog
          title="Form"
          onClose={() => setOpen(false)}
          dirty={name !== ''}
          onSubmit={() => setOpen(false)}
          footer={(close) => (
            <>
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" data-dialog-save>
                Save
              </Button>
            </>
          )}
        >
          <Select label="Colour" data={['Red', 'Blue']} />
          <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
        </AppDialog>
      )}
    </>
  );
}

function renderPage() {
  render(
    <MantineProvider env="test">
      <Page />
      <DialogHost />
    </MantineProvider>,
  );
  return userEvent.setup();
}

async function openForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Open the form' }));
  await screen.findByRole('dialog', { name: 'Form' });
}

describe('app dialog', () => {
  it('focuses the first field when it opens and the opener when it closes', async () => {
    const user = renderPage();
    await openForm(user);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Colour' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Open the form' })).toHaveFocus(),
    );
  });

  it('keeps Save in a footer of its own, marked for the sweep', async () => {
    const user = renderPage();
    await openForm(user);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toHaveAttribute('data-dialog-save');
    expect(save.closest('[data-dialog-footer]')).toHaveStyle({ position: 'sticky' });
  });

  it('closes an open list with Escape before the dialog', async () => {
    const user = renderPage();
    await openForm(user);
    const colour = screen.getByRole('combobox', { name: 'Colour' });
    await waitFor(() => expect(colour).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('listbox')).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Form' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Form' })).not.toBeInTheDocument();
  });

  it('asks before closing with unsaved input, one Escape per layer', async () => {
    const user = renderPage();
    await openForm(user);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Tan');
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('dialog', { name: 'Discard changes?' })).toBeInTheDocument();
    // The safe answer has the focus: Enter keeps what was typed.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Keep editing' })).toHaveFocus());
    // Escape closes the question only: the form and what was typed stay.
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Tan');
    // The X asks too.
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(await screen.findByRole('button', { name: 'Keep editing' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Tan');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Form' })).not.toBeInTheDocument(),
    );
  });
});

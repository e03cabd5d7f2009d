import { Group, Modal, type ModalProps } from '@mantine/core';
import { useCallback, useLayoutEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useEscapeLayer } from './dialog-layers.ts';
// The store, not dialogs.tsx, which loads dialog-views.tsx (a user of this component).
import { ask } from './dialog-store.ts';

export interface AppDialogProps {
  title?: ReactNode;
  onClose: () => void;
  /** For a dialog that stays mounted; one rendered only while open leaves it out. */
  opened?: boolean;
  size?: ModalProps['size'];
  centered?: boolean;
  fullScreen?: boolean;
  /** Unsaved input: closing asks first ('Discard changes?'). */
  dirty?: boolean;
  /** False for a dialog the user cannot close (no X, Escape or click outside). */
  dismissible?: boolean;
  /** Makes the body and footer one form; Enter in a field and a submit button call it. */
  onSubmit?: () => void;
  /**
   * The buttons, kept in view at the bottom while the body scrolls. A function is given
   * the close that asks first when there is unsaved input (for a Close button). Mark the
   * saving button `data-dialog-save`.
   */
  footer?: ReactNode | ((close: () => void) => ReactNode);
  children: ReactNode;
}

/** What may take the focus when a dialog opens: its fields, not its buttons. */
const FIELD =
  'input:not([type="hidden"]), textarea, select, button[aria-haspopup], [role="combobox"]';

/**
 * Not a field to start in: disabled, out of the tab order (read-only fields are), or
 * read-only text (a select's input is read-only by nature: it is still a field).
 */
const NOT_STARTING_FIELD =
  ':disabled, [tabindex="-1"], [aria-hidden="true"], [readonly]:not([role="combobox"])';

/** Marks the first editable field for the focus trap, unless something is marked already. */
function markFirstField(body: HTMLElement | null) {
  if (!body || body.querySelector('[data-autofocus]')) return;
  const field = Array.from(body.querySelectorAll<HTMLElement>(FIELD)).find(
    (element) => !element.matches(NOT_STARTING_FIELD),
  );
  field?.setAttribute('data-autofocus', '');
}

/**
 * Dialogs closing now. A closing Modal keeps its node, and the focus in it, for its exit
 * transition: focus there is as good as lost. (Saving closes the loading dialog and then
 * the form at once: the form's opener must get the focus, not the loading dialog.)
 */
const closingDialogs = new WeakSet<Element>();

/** Puts the focus back on `opener` when it was lost; not when it went somewhere on purpose. */
function returnFocus(opener: Element | null, dialog: Element | null) {
  if (dialog) closingDialogs.add(dialog);
  // After the closing render: the opener may be re-rendered or enabled again by then.
  setTimeout(() => {
    const active = document.activeElement;
    const lost =
      active === null ||
      active === document.body ||
      !active.isConnected ||
      [...document.querySelectorAll('[role="dialog"]')].some(
        (node) => closingDialogs.has(node) && node.contains(active),
      );
    if (lost && opener instanceof HTMLElement && opener.isConnected) opener.focus();
  });
}

/**
 * Every dialog of the app (doc 1 section 9 widths; issue 23's keyboard rules):
 * - focus goes to the first field when it opens (not the close button) and back to what
 *   opened it when it closes;
 * - Escape closes the innermost layer only: an open list inside closes first, a confirm
 *   above it before the dialog (`dialog-layers.ts`);
 * - with unsaved input (`dirty`), X, Escape, a click outside and the footer's close ask
 *   'Discard changes?' first;
 * - the footer stays in view at the bottom while the body scrolls, so Save is never below
 *   the fold on a small screen.
 */
export function AppDialog({
  title,
  onClose,
  opened = true,
  size,
  centered,
  fullScreen,
  dirty = false,
  dismissible = true,
  onSubmit,
  footer,
  children,
}: AppDialogProps) {
  const { t } = useTranslation();
  // While the question is open it is the top layer and covers the dialog, so it is never
  // asked twice.
  async function requestClose() {
    if (!dismissible) return;
    if (!dirty) return onClose();
    const answer = await ask({
      title: t('dialog.discard.title'),
      message: t('dialog.discard.text'),
      okText: t('dialog.discard.ok'),
      cancelText: t('dialog.discard.cancel'),
      focusCancel: true,
    });
    if (answer.confirmed) onClose();
  }
  const close = () => void requestClose();
  useEscapeLayer(close, opened);

  // The dialog's node, for where the focus is when it closes.
  const dialogNode = useRef<Element | null>(null);
  const attachBody = useCallback((body: HTMLElement | null) => {
    if (!body) return;
    dialogNode.current = body.closest('[role="dialog"]');
    if (dialogNode.current) closingDialogs.delete(dialogNode.current);
    markFirstField(body);
  }, []);
  // Before the focus trap's own (it runs after the commit): the opener is still focused.
  useLayoutEffect(() => {
    if (!opened) return;
    const opener = document.activeElement;
    return () => returnFocus(opener, dialogNode.current);
  }, [opened]);

  const buttons = typeof footer === 'function' ? footer(close) : footer;
  const body = (
    <>
      {children}
      {buttons && (
        <Group
          justify="flex-end"
          gap="sm"
          mt="md"
          py="sm"
          data-dialog-footer
          style={{
            position: 'sticky',
            bottom: 0,
            zIndex: 2,
            background: 'var(--mantine-color-body)',
            borderTop: '1px solid var(--mantine-color-default-border)',
          }}
        >
          {buttons}
        </Group>
      )}
    </>
  );
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      size={size}
      centered={centered}
      fullScreen={fullScreen}
      withCloseButton={dismissible && title !== undefined}
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
      closeOnEscape={false}
      closeOnClickOutside={dismissible}
      returnFocus={false}
    >
      <div ref={attachBody}>
        {onSubmit ? (
          <form
            noValidate
            onSubmit={(event: FormEvent) => {
              event.preventDefault();
              onSubmit();
            }}
          >
            {body}
          </form>
        ) : (
          body
        )}
      </div>
    </Modal>
  );
}

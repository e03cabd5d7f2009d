/** Texts every screen shares: the app's name, the dialogs' buttons, form helpers, the session. */
export const commonTexts = {
  app: { name: 'Clinic Manager' },
  dialog: {
    ok: 'OK',
    close: 'Close',
    cancel: 'Cancel',
    loading: 'Loading…',
    error: 'Error',
    warning: 'Warning',
    info: 'Information',
    discard: {
      title: 'Discard changes?',
      text: 'What you entered in this dialog has not been saved and will be lost.',
      ok: 'Discard',
      cancel: 'Keep editing',
    },
  },
  form: { clearField: 'Clear {{field}}' },
  session: {
    ended: 'Your session has ended. Please sign in again.',
    idle: 'You were signed out because Clinic Manager was not used for a while. Please sign in again.',
  },
};

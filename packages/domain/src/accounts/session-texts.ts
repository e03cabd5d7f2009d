/** Texts and limits of sign-in and sessions (schemas: session.ts). */
export const INVALID_CREDENTIALS_MESSAGE = 'Incorrect username or password.';
export const DEFAULT_INACTIVITY_MINUTES = 15;

export const DEVICE_CONFIRM_TEXTS = {
  success: 'Authorization successful!',
  repeat: 'Authorization successful, please do not repeat operation！',
  failure: 'Authorization failure!',
} as const;

export const SINGPASS_UNAVAILABLE =
  'Singpass sign-in is not set up for this clinic yet. Please sign in with your username.';

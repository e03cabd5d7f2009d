/** Texts and limits of sign-in and sessions (schemas: session.ts). */
export const INVALID_CREDENTIALS_MESSAGE = 'Incorrect username or password.';
export const DEFAULT_INACTIVITY_MINUTES = 15;
/** The countdown after the time-out before the session ends (doc 1 section 4). */
export const INACTIVITY_WARNING_MINUTES = 5;
/**
 * Sent with the value `1` on calls the user did not ask for (polls, refetches on an
 * interval or a socket event, the inactivity machinery's own calls): the server does not
 * count them as activity, and refuses them like any call once the session is idle.
 */
export const BACKGROUND_REQUEST_HEADER = 'X-Background-Request';

export const DEVICE_CONFIRM_TEXTS = {
  success: 'Authorization successful!',
  repeat: 'Authorization successful, please do not repeat operation！',
  failure: 'Authorization failure!',
} as const;

export const SINGPASS_UNAVAILABLE =
  'Singpass sign-in is not set up for this clinic yet. Please sign in with your username.';

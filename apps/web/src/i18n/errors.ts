/** The not-found page (features/errors). */
export const errorTexts = {
  notFound: {
    text: 'Sorry but we could not find the page.',
    toConsole: 'Back to the console',
    toDashboard: 'Back to the dashboard',
    toLogin: 'Go to sign-in',
  },
};

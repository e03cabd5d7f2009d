/**
 * The spec's message keys and their English texts. A field error whose message is one
 * of these texts carries the key as its `code`, so a client can translate it.
 */
export const messageCatalogue = {
  'tenant.message.subdomain':
    'The subdomain must be 5 to 63 characters of letters, digits or hyphens, and start and end with a letter or digit.',
  'tenant.message.subdomainTaken': 'This subdomain is already taken. Please choose another one.',
  'tenant.message.clinicName': 'The clinic name must be 5 to 255 characters.',
  'tenant.message.fullName': 'Please enter both the first name and the last name.',
  'tenant.message.email': 'Please enter a valid email address of at most 319 characters.',
  'tenant.message.emailTaken': 'This email address is already registered.',
  'tenant.message.country': 'Please choose a country.',
  'tenant.message.timezone': 'The timezone must be whole minutes from UTC, between -720 and 840.',
  'tenant.message.activeCodeRequired': 'The activation code is required!',
  'tenant.message.subdomainMissing': 'missing subdomain, please check your url!',
} as const;

export type MessageKey = keyof typeof messageCatalogue;

export function message(key: MessageKey): string {
  return messageCatalogue[key];
}

const keyByText = new Map<string, MessageKey>(
  (Object.keys(messageCatalogue) as MessageKey[]).map((key) => [messageCatalogue[key], key]),
);

/** The spec's key for a message text, when the text is one of the catalogue's. */
export function keyOfMessage(text: string): MessageKey | undefined {
  return keyByText.get(text);
}

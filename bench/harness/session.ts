/** Signs in through the API and answers the session token. */
export async function signInToken(url: string, username: string, password: string) {
  const response = await fetch(`${url}/api/v1/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, timezone: 480 }),
  });
  const body = (await response.json()) as { data?: { token?: string } };
  const token = body.data?.token;
  if (!response.ok || !token) {
    throw new Error(`Sign-in as ${username} answered ${response.status}: ${JSON.stringify(body)}`);
  }
  return token;
}

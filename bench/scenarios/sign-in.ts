import { BENCH_PASSWORD } from '../generator/plan.ts';
import { compareHttp, rotation, type HttpResult, type ScenarioContext } from './scenario.ts';

/**
 * POST /sign-in with correct credentials, each request as the next of the chain's staff:
 * the server counts an attempt against its account (5) and address (20) limits until the
 * password is found correct, so one account signing in 10 times at once would be refused.
 * Bound by the argon2id check (19 MiB, 2 passes), which the baseline runs too.
 */
export function signIn(context: ScenarioContext): Promise<HttpResult> {
  const usernames = context.fixtures.staffUsernames;
  return compareHttp(
    context,
    {
      id: 'sign-in',
      name: 'Sign-in (argon2id)',
      call: `POST /api/v1/sign-in {username, password} (${usernames.length} staff accounts in turn)`,
    },
    () => {
      const username = rotation(usernames);
      return {
        method: 'POST',
        next: () => ({
          path: '/api/v1/sign-in',
          body: { username: username(), password: BENCH_PASSWORD, timezone: 480 },
        }),
      };
    },
  );
}

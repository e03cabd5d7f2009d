import { CLINIC_MODULES, SYSTEM_ROLES, type Permission } from '@clinic/domain';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { BranchHome, RootRedirect } from './guards.tsx';
import { sessionStore } from '../api/session.ts';
import { testBranchOption, testSessionInfo } from './test-session.ts';

function signInAs(permissions: readonly Permission[]) {
  const branch = { id: 'b1', code: 'TPY', name: 'Toa Payoh', isDefault: true };
  sessionStore.signIn(
    testSessionInfo({
      modules: [...CLINIC_MODULES],
      branches: [testBranchOption(branch, permissions)],
    }),
    'clinic',
  );
}

function Address() {
  return <p>{useLocation().pathname}</p>;
}

/** Opens `path` in the app's two redirects, and shows where they lead. */
function open(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/" element={<RootRedirect />} />
        <Route path="/:branchCode">
          <Route index element={<BranchHome />} />
          <Route path="*" element={<Address />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

describe('where a signed-in user lands', () => {
  afterEach(() => sessionStore.signOut());

  it('is the queue for a role that reads it', () => {
    signInAs(SYSTEM_ROLES['Front desk']);
    open('/TPY');
    expect(screen.getByText('/TPY/queue')).toBeInTheDocument();
  });

  it('is the first page Finance may read, not the queue it may not', () => {
    signInAs(SYSTEM_ROLES.Finance);
    open('/TPY');
    expect(screen.getByText('/TPY/patients')).toBeInTheDocument();
  });

  it('is the same from the site root', () => {
    signInAs(SYSTEM_ROLES.Finance);
    open('/');
    expect(screen.getByText('/TPY/patients')).toBeInTheDocument();
  });
});

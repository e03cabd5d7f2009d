import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeMessages, renderInBranch, signInForTest } from '../queue/test-utils.tsx';
import { SiteMapMenu } from './HeaderMenus.tsx';
import { SideNav } from './SideNav.tsx';

describe('the navigation shows what the role may read', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => closeMessages());

  it('hides the queue from a role without queue:read', async () => {
    signInForTest(['clinic.queue', 'clinic.patient'], ['patients:read']);
    renderInBranch(<SideNav branchCode="MAIN" onNavigate={() => {}} />);
    expect(screen.getByRole('link', { name: 'Current Patient' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Queue' })).not.toBeInTheDocument();

    renderInBranch(<SiteMapMenu branchCode="MAIN" />);
    await userEvent.click(screen.getByRole('button', { name: 'Site map' }));
    expect(await screen.findByRole('menuitem', { name: 'Search' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Queue' })).not.toBeInTheDocument();
    expect(screen.queryByText('QUEUE')).not.toBeInTheDocument();
  });

  it('shows the queue and its board to a role with queue:read and queueDisplay:read', async () => {
    signInForTest(['clinic.queue'], ['queue:read', 'queueDisplay:read']);
    renderInBranch(<SideNav branchCode="MAIN" onNavigate={() => {}} />);
    expect(screen.getByRole('link', { name: 'Queue' })).toBeInTheDocument();

    renderInBranch(<SiteMapMenu branchCode="MAIN" />);
    await userEvent.click(screen.getByRole('button', { name: 'Site map' }));
    expect(await screen.findByRole('menuitem', { name: 'Queue' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: /Queue display/ })).toBeInTheDocument();
    expect(screen.queryByText('SETTING')).not.toBeInTheDocument();
  });
});

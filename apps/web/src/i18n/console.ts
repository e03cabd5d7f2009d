/** The tenant console (features/console). */
export const consoleTexts = {
  console: {
    title: 'Tenant console',
    badge: 'Console',
    tenant: 'Clinic',
    branches: 'Branches',
    users: 'Users',
    roles: 'Roles',
    catalogs: 'Catalogs',
    insurance: 'Insurance',
    members: 'Members',
    settings: 'Settings',
    audit: 'Audit trail',
    lab: 'Laboratory',
    subdomain: 'Subdomain: {{subdomain}}',
    trialEnds: 'Trial ends on {{date}}',
    status: { trial: 'Trial', active: 'Active' },
  },
};

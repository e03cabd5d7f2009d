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
    refused:
      'The console is for clinic administrators. Please use the staff pages, or ask your clinic administrator.',
    sectionRefused:
      'This part of the console is not open to you. Please ask your clinic administrator.',
    backToClinic: 'Back to the clinic',
    toStaffSignIn: 'Sign in at the staff sign-in page',
  },
};

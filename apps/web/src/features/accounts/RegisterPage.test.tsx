import { messageCatalogue } from '@clinic/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initApi } from '../../api/clients.ts';
import '../../i18n/index.ts';
import { RegisterPage } from './RegisterPage.tsx';

describe('registration form', () => {
  beforeAll(() => initApi({ apiBaseURI: 'http://127.0.0.1:9/api/v1', apiBaseURI2: undefined }));
  afterEach(() => vi.restoreAllMocks());

  function renderPage(countries?: ReadonlyArray<{ countryCode: string; countryName: string }>) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    if (countries) client.setQueryData(['countries'], countries);
    render(
      <MantineProvider>
        <QueryClientProvider client={client}>
          <MemoryRouter>
            <RegisterPage />
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    );
  }

  it('starts with Singapore as the country whatever the browser language', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US', 'en']);
    renderPage([
      { countryCode: 'SG', countryName: 'Singapore' },
      { countryCode: 'US', countryName: 'United States' },
    ]);
    expect(await screen.findByDisplayValue('Singapore')).toBeInTheDocument();
    expect(screen.queryByDisplayValue('United States')).not.toBeInTheDocument();
  });

  it('keeps a refused subdomain character and says so at once', async () => {
    renderPage();
    const subdomain = screen.getByRole('textbox', { name: 'Subdomain' });
    await userEvent.type(subdomain, 'tan clinic');
    expect(subdomain).toHaveValue('tan clinic');
    expect(screen.getByText(messageCatalogue['tenant.message.subdomain'])).toBeInTheDocument();
    await userEvent.clear(subdomain);
    await userEvent.type(subdomain, 'tan-clinic');
    expect(
      screen.queryByText(messageCatalogue['tenant.message.subdomain']),
    ).not.toBeInTheDocument();
  });

  it('enables the trial button only with the terms ticked', async () => {
    renderPage();
    const trial = screen.getByRole('button', { name: 'Start free trial' });
    expect(trial).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: /I agree to the terms/ }));
    expect(trial).toBeEnabled();
  });

  it('shows the spec messages under each bad field before asking the server', async () => {
    renderPage();
    await userEvent.type(screen.getByRole('textbox', { name: 'Subdomain' }), '-ab');
    await userEvent.type(screen.getByRole('textbox', { name: 'Clinic name' }), 'Tiny');
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await userEvent.click(screen.getByRole('checkbox', { name: /I agree to the terms/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Start free trial' }));
    expect(
      await screen.findByText(messageCatalogue['tenant.message.subdomain']),
    ).toBeInTheDocument();
    expect(screen.getByText(messageCatalogue['tenant.message.clinicName'])).toBeInTheDocument();
    expect(screen.getAllByText(messageCatalogue['tenant.message.fullName'])).toHaveLength(2);
    expect(screen.getByText(messageCatalogue['tenant.message.email'])).toBeInTheDocument();
    expect(screen.getByText('3/63')).toBeInTheDocument();
    // Nothing went to the (unreachable) server: no failure is shown.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

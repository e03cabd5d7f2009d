import type { VisitFactsRecord } from '@clinic/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { HttpClient } from '../../api/http.ts';
import { BRANCH_ID, renderInBranch, signInForTest, testQueryClient } from '../queue/test-utils.tsx';
import { VisitFactsPanel, visitFactsKey } from './VisitFactsPanel.tsx';

/** The client's one call method, as a mock of any endpoint. */
const spyCall = () =>
  vi.spyOn(HttpClient.prototype, 'call') as unknown as Mock<
    (...args: unknown[]) => Promise<unknown>
  >;

const VISIT = '20000000-0000-4000-8000-000000000001';
const PATIENT = '10000000-0000-4000-8000-000000000001';

const record: VisitFactsRecord = {
  id: '30000000-0000-4000-8000-000000000001',
  visitId: VISIT,
  patientId: PATIENT,
  height: 1.75,
  weight: 70,
  waist: 80,
  bmi: 22.86,
  weightNotFeasible: false,
  smokingStatus: 'ss01',
  smokingStatusVal: 'Never Smoker',
  yearStartedSmoking: null,
  numberSticksPerday: 0,
  fagerstromTestScore: null,
  fagerstromTestScoreVal: null,
  stateOfChange: null,
  stageOfChangeVal: null,
  smokingAssessmentDate: null,
  smokingAssessmentRemark: null,
  version: 3,
};

function show(facts: VisitFactsRecord | null, readOnly = false) {
  const client = testQueryClient();
  client.setQueryData(visitFactsKey(BRANCH_ID, VISIT), facts);
  renderInBranch(
    <VisitFactsPanel patientId={PATIENT} visitId={VISIT} readOnly={readOnly} />,
    client,
  );
  return client;
}

describe('the visit facts panel', () => {
  beforeEach(() => signInForTest(['clinic.queue', 'clinic.patient']));

  it('shows the facts with BMI and the smoking status; read-only offers no edit', () => {
    show(record, true);
    const panel = screen.getByRole('complementary', { name: 'Visit facts' });
    expect(within(panel).getByText('22.86')).toBeInTheDocument();
    expect(within(panel).getByText('Never Smoker')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('says when a visit has no facts yet', () => {
    show(null);
    expect(screen.getByText('No visit facts recorded yet.')).toBeInTheDocument();
  });

  it('computes BMI as the user types, and enables smoking details for a current smoker only', async () => {
    const user = userEvent.setup();
    show(record);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const weight = screen.getByRole('textbox', { name: 'Weight (kg)' });
    await user.clear(weight);
    await user.type(weight, '80');
    expect(screen.getByRole('textbox', { name: 'BMI' })).toHaveValue('26.12');
    expect(screen.getByRole('textbox', { name: 'Sticks per day' })).toBeDisabled();
    await user.click(screen.getAllByLabelText('Smoking status')[0]!);
    await user.click(await screen.findByRole('option', { name: 'Current Smoker' }));
    expect(screen.getByRole('textbox', { name: 'Sticks per day' })).toBeEnabled();
  });

  it("refuses a height out of range with the spec's words, before calling the server", async () => {
    const call = vi.spyOn(HttpClient.prototype, 'call');
    const user = userEvent.setup();
    show(record);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const height = screen.getByRole('textbox', { name: /Height \(m\)/ });
    await user.clear(height);
    await user.type(height, '3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Please check whether the information you filled in is correct.'),
    ).toBeInTheDocument();
    expect(
      screen.getAllByText('Height range is greater than 0 and less than 3').length,
    ).toBeGreaterThan(1);
    expect(call).not.toHaveBeenCalled();
    call.mockRestore();
  });

  it('saves with the version read (PUT) and shows what the server answered', async () => {
    const saved = { ...record, weight: 72, bmi: 23.51, version: 4 };
    const call = spyCall().mockResolvedValue(saved);
    const user = userEvent.setup();
    show(record);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const weight = screen.getByRole('textbox', { name: 'Weight (kg)' });
    await user.clear(weight);
    await user.type(weight, '72');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('23.51')).toBeInTheDocument();
    const [endpoint, input] = call.mock.calls[0]!;
    expect(endpoint).toMatchObject({ method: 'PUT', path: '/visit-facts/:id' });
    expect(input).toMatchObject({ params: { id: VISIT }, body: { weight: 72, version: 3 } });
    call.mockRestore();
  });
});

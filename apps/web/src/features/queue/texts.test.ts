import { PATIENT_MESSAGES, QUEUE_MESSAGES } from '@clinic/domain';
import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en.ts';

/** The screen's translatable texts that the spec fixes keep the spec's (the domain's) words. */
describe('queue texts', () => {
  it('match the spec wording', () => {
    expect(en.queue.empty).toBe(QUEUE_MESSAGES.emptyList);
    expect(en.queue.label.notice).toBe(QUEUE_MESSAGES.labelText);
    expect(en.queue.noRoomServices).toBe(QUEUE_MESSAGES.roomServiceRequired);
    expect(en.queue.failed).toMatchObject({
      update: QUEUE_MESSAGES.updateFailed,
      delete: QUEUE_MESSAGES.deleteFailed,
      moveUp: QUEUE_MESSAGES.moveUpFailed,
      callIn: QUEUE_MESSAGES.callInFailed,
      timeOut: QUEUE_MESSAGES.timeOutFailed,
    });
    expect(en.patient.search).toMatchObject({
      empty: PATIENT_MESSAGES.searchEmpty,
      hint: PATIENT_MESSAGES.searchHint,
      noneSelected: PATIENT_MESSAGES.noPatientSelected,
    });
  });
});

import { DATE_FORMATS, formatClinicInstant } from '../../app/date-format.ts';

/** A duration in seconds as 'm:ss', or 'h:mm:ss' from an hour. */
export function formatElapsed(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** A visit's consultation as 'HH:mm - HH:mm' on the clinic's clock ('' when not started). */
export function formatConsultSpan(
  start: number | null,
  end: number | null,
  offset: number,
): string {
  if (start === null) return '';
  const from = formatClinicInstant(start, offset, DATE_FORMATS.time);
  return end === null
    ? `${from} -`
    : `${from} - ${formatClinicInstant(end, offset, DATE_FORMATS.time)}`;
}

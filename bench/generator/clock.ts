/** Days and times of a clinic's time zone, as the text COPY expects. */

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a 'YYYY-MM-DD' date. */
export function epochDay(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

export function dateText(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

let clockTexts: string[] | undefined;

/** 'HH:MM:SS' of a second of the day; a table, since millions of rows need one. */
function clockText(second: number): string {
  clockTexts ??= Array.from(
    { length: 86_400 },
    (_, s) => `${pad2(Math.floor(s / 3600))}:${pad2(Math.floor(s / 60) % 60)}:${pad2(s % 60)}`,
  );
  const found = clockTexts[second];
  if (found === undefined) throw new RangeError(`No second ${second} in a day`);
  return found;
}

/** The UTC offset as PostgreSQL reads it, e.g. +08 or -03:30. */
export function offsetText(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const minutes = Math.abs(offsetMinutes);
  const rest = minutes % 60;
  return `${sign}${pad2(Math.floor(minutes / 60))}${rest === 0 ? '' : `:${pad2(rest)}`}`;
}

/** A local time of a clinic day: the day's text, a second of the day and the zone. */
export function timestampText(dayText: string, second: number, zone: string): string {
  return `${dayText} ${clockText(second)}${zone}`;
}

/** Unix milliseconds of a local second of a clinic day. */
export function unixMs(day: number, second: number, offsetMinutes: number): number {
  return day * DAY_MS + (second - offsetMinutes * 60) * 1000;
}

/** Unix seconds of the start of a clinic day. */
export function dayStartUnix(day: number, offsetMinutes: number): number {
  return day * 86_400 - offsetMinutes * 60;
}

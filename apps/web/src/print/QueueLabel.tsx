import './labels.css';

export interface QueueLabelProps {
  queueNum: string;
  patientName: string;
  /** The line asking the patient to wait. */
  notice: string;
  /** The visit date, already formatted (DD/MMM/YYYY HH:mm:ss). */
  visitDate: string;
  preview?: boolean;
}

/** The 76 x 35 mm queue ticket: number, name, the waiting notice and the visit date. */
export function QueueLabel({ queueNum, patientName, notice, visitDate, preview }: QueueLabelProps) {
  return (
    <div className={`label queue-label${preview ? ' label-preview' : ''}`}>
      <div className="queue-label__number">{queueNum}</div>
      <div className="queue-label__name">{patientName}</div>
      <div className="queue-label__text">{notice}</div>
      <div className="queue-label__date">{visitDate}</div>
    </div>
  );
}

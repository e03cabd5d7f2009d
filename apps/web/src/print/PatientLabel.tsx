import './labels.css';

export interface PatientLabelProps {
  name: string;
  /** Labelled facts, already formatted, in print order (ID, birth date, gender...). */
  lines: ReadonlyArray<{ label: string; value: string }>;
  preview?: boolean;
}

/** The 76 x 35 mm patient label (doc 3 section 3.2): the name, then one fact a line. */
export function PatientLabel({ name, lines, preview }: PatientLabelProps) {
  return (
    <div className={`label patient-label${preview ? ' label-preview' : ''}`}>
      <div className="patient-label__name">{name}</div>
      {lines.map((line) => (
        <div className="patient-label__row" key={line.label}>
          <span>{line.label}</span>
          <span>{line.value}</span>
        </div>
      ))}
    </div>
  );
}

import { doctorColour, type DoctorOption } from '@clinic/domain';
import { ColorSwatch, Group, Select, type SelectProps } from '@mantine/core';

export interface DoctorPickerProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  /** Pickable doctors (on duty, doctor user type), in the server's order. */
  doctors: readonly DoctorOption[];
  value: string | null;
  onChange: (doctorId: string | null) => void;
}

/** Doctors with their colour: each gets the palette colour of its place in the list. */
export function DoctorPicker({ doctors, value, onChange, ...props }: DoctorPickerProps) {
  const colourOf = new Map(doctors.map((doctor, index) => [doctor.id, doctorColour(index)]));
  const chosenColour = value ? colourOf.get(value) : undefined;
  return (
    <Select
      {...props}
      data={doctors.map((doctor) => ({ value: doctor.id, label: doctor.fullName }))}
      value={value}
      onChange={(doctorId) => onChange(doctorId)}
      searchable
      // Enter on the highlighted (chosen) doctor keeps it: a keyboard user browsing the
      // list with the arrows must not clear it; the clear button (when clearable) does.
      allowDeselect={false}
      leftSection={chosenColour ? <ColorSwatch color={chosenColour} size={14} /> : undefined}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          <ColorSwatch color={colourOf.get(option.value) ?? 'transparent'} size={14} />
          <span>{option.label}</span>
        </Group>
      )}
    />
  );
}

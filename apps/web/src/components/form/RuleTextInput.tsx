import { TextInput, type TextInputProps } from '@mantine/core';

/**
 * A rule a text field checks as it is typed or pasted (issue 23): the field never drops a
 * character; while the text breaks the rule the field is marked with the rule's message,
 * and Save refuses it with the same message (the domain's schema).
 */
export interface TextRule {
  /** The rule's message while `text` breaks it, else null. */
  check: (text: string) => string | null;
  /** Rewrites what has an allowed form (José to Jose); never removes a character. */
  tidy?: (text: string) => string;
}

export interface RuleTextInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  value: string;
  onChange: (text: string) => void;
  /** None for a field without one (or one shown read-only). */
  rule?: TextRule | null;
}

/**
 * The one way a text field refuses characters: it keeps them and says so at once. A
 * message of the form (Save, the server) shows instead while there is one.
 */
export function RuleTextInput({ value, onChange, rule, error, ...props }: RuleTextInputProps) {
  const broken = rule?.check(value) ?? null;
  return (
    <TextInput
      {...props}
      value={value}
      onChange={(event) => {
        const text = event.currentTarget.value;
        onChange(rule?.tidy ? rule.tidy(text) : text);
      }}
      error={error || broken}
      data-rule-broken={broken ? true : undefined}
    />
  );
}

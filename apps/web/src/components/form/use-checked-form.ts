import { useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import { useRef } from 'react';

export interface CheckedFormInput<Values> {
  initialValues: Values;
  /** Every message of the values at once, by field path (see `checkWith`). */
  validate: (values: Values) => FormErrors;
}

export interface CheckedForm<Values> {
  form: UseFormReturnType<Values, Values, (values: Values) => FormErrors>;
  /**
   * Checks every field and shows its messages (a Save); true when there are none. From
   * then on each change checks the whole form again.
   */
  check: () => boolean;
}

/**
 * `useForm` of @mantine/form as our forms behave: no message before the first Save; after
 * it, every change checks the whole form again, so a message appears or goes as soon as
 * its rule is broken or met, also a rule between fields (a parent's name for a minor). The
 * server's messages (`form.setErrors`) stay until the next change.
 */
export function useCheckedForm<Values extends Record<string, unknown>>({
  initialValues,
  validate,
}: CheckedFormInput<Values>): CheckedForm<Values> {
  const saved = useRef(false);
  const form = useForm<Values, Values, FormErrors>({
    mode: 'controlled',
    initialValues,
    validate,
    // The whole form is checked again instead (below); clearing would drop those messages.
    clearInputErrorOnChange: false,
    onValuesChange: () => {
      if (saved.current) form.validate();
    },
  });
  const check = () => {
    saved.current = true;
    return !form.validate().hasErrors;
  };
  return { form, check };
}

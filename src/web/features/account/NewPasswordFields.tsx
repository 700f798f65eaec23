import { useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { PASSWORD_HINT } from '../../../shared/auth/contract';
import type { NewPasswordForm } from '../../../shared/account/contract';
import { Field, Input, TextField } from '../../components/ui/form';
import type { PasswordChecker } from '../auth/password-checker';
import { usePasswordStrength } from '../auth/password-checker';
import { PasswordStrengthMeter } from '../auth/PasswordStrengthMeter';

/** A new password with its strength as it is typed, then the same again. */
export function NewPasswordFields({
  idPrefix,
  register,
  control,
  errors,
  checker,
  personal,
}: {
  idPrefix: string;
  register: UseFormRegister<NewPasswordForm>;
  control: Control<NewPasswordForm>;
  errors: FieldErrors<NewPasswordForm>;
  checker: PasswordChecker;
  /** The account's address and name: a password must not contain them. */
  personal: { email: string; name: string };
}) {
  const password = useWatch({ control, name: 'newPassword' }) ?? '';
  const strength = usePasswordStrength(checker, password, personal);
  const id = `${idPrefix}-new-password`;
  const error = errors.newPassword?.message;
  return (
    <>
      <Field id={id} label="New password" error={error} hint={PASSWORD_HINT}>
        <Input
          id={id}
          type="password"
          autoComplete="new-password"
          required
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error ${id}-strength` : `${id}-strength`}
          {...register('newPassword')}
        />
        <PasswordStrengthMeter id={`${id}-strength`} check={strength} error={error} />
      </Field>
      <TextField
        id={`${idPrefix}-confirm-password`}
        label="New password again"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirm?.message}
        {...register('confirm')}
      />
    </>
  );
}

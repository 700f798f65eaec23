import { useState, type FormEvent } from 'react';
import type { Brand, BrandRequest } from '../../../../shared/site/contract';
import { PRESET_THEMES } from '../../../../shared/themes/presets';
import { Button } from '../../../components/ui/button';
import { Field, Select, TextField } from '../../../components/ui/form';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { messageOf } from '../console/access';
import { useSaveBrand } from './brand-api';

const TEXT_FIELDS = [
  { key: 'name', label: 'Product name', type: 'text' },
  { key: 'tagline', label: 'Tagline', type: 'text' },
  { key: 'supportEmail', label: 'Support e-mail', type: 'email' },
  { key: 'legalEntity', label: 'Legal entity', type: 'text' },
] as const;

/** The brand's words and default theme (read-only to a moderator). */
export function BrandForm({ brand, readOnly }: { brand: Brand; readOnly: boolean }) {
  const [values, setValues] = useState<BrandRequest>(() => ({
    name: brand.name,
    tagline: brand.tagline,
    supportEmail: brand.supportEmail,
    legalEntity: brand.legalEntity,
    defaultThemeId: brand.defaultThemeId,
  }));
  const save = useSaveBrand();
  const issues = save.error instanceof ApiError ? (save.error.issues ?? []) : [];
  const issueOf = (path: string) => issues.find((i) => i.path === path)?.message;
  const set = (key: keyof BrandRequest) => (value: string) =>
    setValues((v) => ({ ...v, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(values, { onSuccess: () => toast({ title: 'Brand saved' }) });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Brand" className="space-y-4">
      <fieldset disabled={readOnly} className="space-y-4">
        {TEXT_FIELDS.map((f) => (
          <TextField
            key={f.key}
            id={`brand-${f.key}`}
            label={f.label}
            type={f.type}
            value={values[f.key]}
            onChange={(e) => set(f.key)(e.target.value)}
            error={issueOf(f.key)}
          />
        ))}
        <Field id="brand-theme" label="Default theme" error={issueOf('defaultThemeId')}>
          <Select
            id="brand-theme"
            value={values.defaultThemeId}
            onChange={(e) => set('defaultThemeId')(e.target.value)}
          >
            {PRESET_THEMES.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </Select>
        </Field>
      </fieldset>
      {save.isError && issues.length === 0 && (
        <p role="alert" className="text-sm text-error">
          {messageOf(save.error)}
        </p>
      )}
      {!readOnly && (
        <Button type="submit" className="h-11" pending={save.isPending}>
          Save brand
        </Button>
      )}
    </form>
  );
}

import { useId } from 'react';
import type { Brand } from '../../../../shared/site/contract';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { messageOf } from '../console/access';
import { useRemoveBrandImage, useUploadBrandImage, type BrandImageKind } from './brand-api';

const KINDS: { kind: BrandImageKind; label: string; urlOf: (b: Brand) => string | null }[] = [
  { kind: 'logo', label: 'Logo', urlOf: (b) => b.logoUrl },
  { kind: 'favicon', label: 'Favicon', urlOf: (b) => b.faviconUrl },
];

/** The logo and favicon: each previewed, replaced by an upload, or removed (the built-in shows). */
export function BrandImages({ brand, readOnly }: { brand: Brand; readOnly: boolean }) {
  const upload = useUploadBrandImage();
  const remove = useRemoveBrandImage();
  const error = upload.error ?? remove.error;
  return (
    <div className="space-y-4">
      <h3 className="text-lg font-bold">Images</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        {KINDS.map(({ kind, label, urlOf }) => (
          <ImageSlot
            key={kind}
            label={label}
            url={urlOf(brand)}
            readOnly={readOnly}
            busy={upload.isPending || remove.isPending}
            onFile={(file) =>
              upload.mutate(
                { kind, file },
                { onSuccess: () => toast({ title: `${label} uploaded` }) },
              )
            }
            onRemove={() =>
              remove.mutate(kind, { onSuccess: () => toast({ title: `${label} removed` }) })
            }
          />
        ))}
      </div>
      {error && (
        <p role="alert" className="text-sm text-error">
          {messageOf(error)}
        </p>
      )}
    </div>
  );
}

function ImageSlot(props: {
  label: string;
  url: string | null;
  readOnly: boolean;
  busy: boolean;
  onFile: (file: File) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const { label, url, readOnly, busy } = props;
  return (
    <div className="space-y-3 rounded-xl border border-border bg-surface p-4">
      <p className="font-medium">{label}</p>
      <div className="flex h-20 items-center justify-center rounded-lg bg-main">
        {url ? (
          <img src={url} alt={`${label} preview`} className="max-h-16 max-w-full object-contain" />
        ) : (
          <span className="text-sm text-muted">Built-in {label.toLowerCase()}</span>
        )}
      </div>
      {!readOnly && (
        <div className="flex flex-wrap gap-2">
          <label htmlFor={id} className="sr-only">
            Upload a {label.toLowerCase()}
          </label>
          <input
            id={id}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif,image/x-icon"
            disabled={busy}
            className="min-h-11 max-w-full text-sm file:mr-2 file:min-h-11 file:rounded-lg file:border file:border-border file:bg-surface file:px-3 file:text-fg"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) props.onFile(file);
              e.target.value = '';
            }}
          />
          {url && (
            <Button variant="secondary" className="h-11" disabled={busy} onClick={props.onRemove}>
              Remove {label.toLowerCase()}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

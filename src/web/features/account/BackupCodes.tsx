import { Copy, Download } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { readBrand } from '../../lib/brand';

/** `<name>-backup-codes.txt`, the product's name in lower case with dashes for anything else. */
const fileName = () =>
  `${
    readBrand()
      .name.toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'account'
  }-backup-codes.txt`;

const asText = (codes: string[]) =>
  `${readBrand().name} backup codes. Each signs you in once when your authenticator app is not at hand.\n\n${codes.join('\n')}\n`;

/** The backup codes, shown once, with ways to keep them: copy, or a .txt file. */
export function BackupCodes({ codes }: { codes: string[] }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(asText(codes));
      toast({ title: 'Backup codes copied' });
    } catch {
      toast({
        title: 'Could not copy',
        description: 'Select the codes and copy them, or download them as a file.',
        variant: 'destructive',
      });
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([asText(codes)], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName();
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="space-y-3">
      <p className="text-sm">
        Keep these backup codes somewhere safe, apart from your phone. Each signs you in once if you
        lose your authenticator app. They are shown only now.
      </p>
      <ul
        aria-label="Backup codes"
        className="grid grid-cols-2 gap-2 rounded-lg border border-border bg-main p-3 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" className="min-h-11 sm:min-h-0" onClick={copy}>
          <Copy className="size-4" aria-hidden /> Copy
        </Button>
        <Button variant="secondary" className="min-h-11 sm:min-h-0" onClick={download}>
          <Download className="size-4" aria-hidden /> Download .txt
        </Button>
      </div>
    </div>
  );
}

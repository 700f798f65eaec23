import { Loader2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useModels } from './models-api';
import { ModelsForm } from './ModelsForm';

/**
 * The console's Models section (issue 48 part 4): which of the configured models are offered,
 * their labels and order, the default, a reply's credits and the provider's token prices.
 */
export function ModelsPanel() {
  const models = useModels();
  if (models.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted">
        <Loader2 className="size-4 animate-spin" aria-hidden />
        Loading models…
      </p>
    );
  }
  if (models.isError) {
    return (
      <div role="alert" className="space-y-3 rounded-2xl border border-error/60 bg-surface p-6">
        <p className="text-sm">The models could not be loaded: {models.error.message}</p>
        <Button variant="secondary" className="h-11" onClick={() => void models.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!models.data.configured) {
    return (
      <div className="space-y-2 rounded-2xl border border-border bg-surface p-6">
        <h3 className="text-base font-bold">No model provider is set</h3>
        <p className="text-sm text-muted">
          Set <code>LLM_BASE_URL</code> and <code>LLM_MODELS</code> in the server’s environment and
          restart it; its models then appear here to label, offer and price.
        </p>
      </div>
    );
  }
  return <ModelsForm key={models.dataUpdatedAt} list={models.data} />;
}

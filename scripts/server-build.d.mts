export function buildServer(): Promise<void>;
export function ensureServerBuild(log?: (message: string) => void): Promise<void>;

export function buildIsStale(build: {
  root: string;
  output: string;
  stamp: string;
  inputs: string[];
}): boolean;
export function writeStamp(stamp: string): void;

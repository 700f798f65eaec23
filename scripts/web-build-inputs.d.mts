export const WEB_BUILD: { root: string; output: string; stamp: string; inputs: string[] };

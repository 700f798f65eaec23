// Module hooks for bench/as-built.mjs (they run in the loader's own thread).
const KEEP_NAMES = 'var __name=(target,value)=>__defProp(target,"name",{value,configurable:true});';
const AS_BUILT = 'var __name=(target)=>target;';

export async function load(url, context, nextLoad) {
  const result = await nextLoad(url, context);
  if (result.format !== 'module' || result.source == null || url.includes('/node_modules/')) {
    return result;
  }
  const source =
    typeof result.source === 'string' ? result.source : new TextDecoder().decode(result.source);
  if (!source.startsWith(KEEP_NAMES, source.indexOf('var __name='))) return result;
  return { ...result, source: source.replace(KEEP_NAMES, AS_BUILT) };
}

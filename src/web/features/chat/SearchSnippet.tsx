/** Markdown's marks that would only clutter a line of text (the snippet is a fragment). */
const MARKS = /[*`~]+|^[#>]+\s*/g;

/**
 * A search result's words around its match (the server cut them from the matching message),
 * without markdown's emphasis and code marks (markdown.ts stays out of this chunk: the fragment
 * is not a whole message to parse), the words searched for in bold: at most two lines.
 */
export function SearchSnippet({ snippet, words }: { snippet: string; words: string }) {
  const text = snippet.replace(MARKS, '');
  const at = words ? text.toLowerCase().indexOf(words.toLowerCase()) : -1;
  return (
    <span className="mt-0.5 line-clamp-2 text-xs break-words text-muted" data-testid="snippet">
      {at === -1 ? (
        text
      ) : (
        <>
          {text.slice(0, at)}
          <strong className="font-semibold text-fg">{text.slice(at, at + words.length)}</strong>
          {text.slice(at + words.length)}
        </>
      )}
    </span>
  );
}

import Markdown from 'react-markdown';
import remarkBreaks from 'remark-breaks';

const REMARK_PLUGINS = [remarkBreaks];

/**
 * Markdown without raw HTML (react-markdown never renders it); links open in a new tab. Lines
 * show as written: a single line break is a break, a blank line a new paragraph (story mode is
 * paragraph-driven, and people type Shift+Enter expecting a new line).
 */
export function MarkdownText({ text }: { text: string }) {
  return (
    <Markdown
      skipHtml
      remarkPlugins={REMARK_PLUGINS}
      components={{
        a: ({ href, children }) => (
          <a href={href} target="_blank" rel="noopener noreferrer nofollow">
            {children}
          </a>
        ),
      }}
    >
      {text}
    </Markdown>
  );
}

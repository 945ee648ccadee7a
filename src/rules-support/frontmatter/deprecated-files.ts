/**
 * Files at a place their tool has deprecated, and the place that replaced it. Sources: VS Code
 * "Custom agents" (custom agents were custom chat modes; a `.chatmode.md` file is still read, and
 * VS Code offers to move it to `.github/agents/` as `.agent.md`) and Cursor "Rules" (`.cursorrules`:
 * "still supported, but deprecated. Use Project Rules instead").
 */
import type { DocumentModel } from '../../model/document.js';
import { clip } from '../../util/clip.js';

/** Which deprecated file it is (deprecated-file's message id), and where its replacement goes. */
export interface DeprecatedFile {
  messageId: 'chat-mode' | 'chat-mode-rename' | 'cursorrules';
  data?: { to: string };
}

/**
 * Where a chat mode belongs as a custom agent: in `.github/agents/` when it is in
 * `.github/chatmodes/` (VS Code's place), else beside itself, renamed to `<name>.agent.md`.
 */
export function agentPathOfChatMode(filePath: string, nameMax = Infinity): { to: string; move: boolean } {
  const segs = filePath.split(/[\\/]/);
  const name = clip(segs[segs.length - 1]!.replace(/\.chatmode\.md$/i, ''), nameMax);
  const move = segs[segs.length - 2] === 'chatmodes' && segs[segs.length - 3] === '.github';
  return { to: move ? `.github/agents/${name}.agent.md` : `${name}.agent.md`, move };
}

export function deprecatedFile(doc: DocumentModel): DeprecatedFile | null {
  if (doc.kind === 'copilot-chatmode') {
    const { to, move } = agentPathOfChatMode(doc.filePath, 20);
    return { messageId: move ? 'chat-mode' : 'chat-mode-rename', data: { to } };
  }
  // Cursor reads `.cursorrules` at the project root only.
  if (doc.kind === 'cursorrules' && doc.relPath === '.cursorrules') return { messageId: 'cursorrules' };
  return null;
}

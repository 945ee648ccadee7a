/**
 * Polling or waiting on a subagent in prose: "Poll for completion", "Wait for researcher to
 * complete", "Wait for return from task-creator", "Wait for command agent return". Waiting
 * for the user ("wait for user confirmation", "wait for user response") does not count.
 * Repetitions are bounded and the words they repeat cannot overlap: linear time.
 */
export const WAITS =
  /\b(?:poll(?:s|ing)?\s+(?:for\s+)?(?:the\s+)?(?:[\w${}-]+\s+){0,2}?(?:completion|subagent|agent|results?|returns?|status)\b|(?:a?wait(?:s|ing)?)\s+(?!(?:for\s+)?(?:the\s+)?(?:user|human|operator|you)\b)(?:for\s+)?(?:the\s+)?(?:[\w${}-]+\s+){0,3}?(?:subagent|sub-agent|agent|completion|returns?|response|results?|to\s+(?:complete|finish|return|respond)))\b/gi;

/**
 * Every match of WAITS holds `poll` or `wait`. WAITS starts with words whose first letters are
 * common (`a` of `await`): V8 tries it at each of them. Most stage texts hold neither word and
 * are not searched with it (3.5 ms of a run over the corpus).
 */
const WAIT_WORD = /wait|poll/i;

/** The first waiting phrase of a text, as `WAITS.exec` from its start finds it; null when there is none. */
export function firstWaitPhrase(text: string): RegExpExecArray | null {
  if (!WAIT_WORD.test(text)) return null;
  WAITS.lastIndex = 0;
  return WAITS.exec(text);
}

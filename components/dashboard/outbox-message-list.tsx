import { DateTime } from "@/components/ui/date-time";
import type { OutboxMessageView } from "@/lib/platform/mail/list-outbox-messages";

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/;

/** The text with its links made followable; the HTML part is never rendered (it is not ours to trust here). */
function MessageText({ text }: { text: string }) {
  return (
    <p className="mt-2 text-sm break-words whitespace-pre-wrap text-slate-800">
      {text.split(URL_PATTERN).map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} className="text-indigo-700 underline underline-offset-2 break-all">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </p>
  );
}

export function OutboxMessageList({ messages }: { messages: OutboxMessageView[] }) {
  return (
    <ul className="divide-y divide-slate-200">
      {messages.map((message) => (
        <li key={message.id}>
          <article aria-labelledby={`${message.id}-subject`} className="px-4 py-4 sm:px-5">
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <h3 id={`${message.id}-subject`} className="text-sm font-semibold text-slate-900">
                {message.subject}
              </h3>
              <DateTime value={message.createdAt} className="text-xs text-slate-500" />
            </div>
            <p className="mt-0.5 text-xs break-all text-slate-600">To {message.to}</p>
            <MessageText text={message.text} />
          </article>
        </li>
      ))}
    </ul>
  );
}

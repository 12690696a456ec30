"use client";

import { useState } from "react";
import { CodeBlock, Prose } from "@/components/docs/code-block";
import { SegmentedControl } from "@/components/ui/segmented-control";
import type { Quickstart } from "@/lib/edge/openapi/reference/quickstarts";

type Language = "curl" | "typescript";
const LANGUAGES: { value: Language; label: string }[] = [
  { value: "curl", label: "curl" },
  { value: "typescript", label: "TypeScript" },
];

/** A quickstart's steps, each with its code in the language the reader picked (curl first). */
export function QuickstartSteps({ quickstart }: { quickstart: Quickstart }) {
  const [language, setLanguage] = useState<Language>("curl");
  const languageLabel = LANGUAGES.find((option) => option.value === language)!.label;
  return (
    <>
      <div className="mt-4">
        <SegmentedControl
          legend="Show code in"
          name={`${quickstart.id}-language`}
          options={LANGUAGES}
          value={language}
          onChange={setLanguage}
          hint={
            language === "typescript"
              ? "Node.js 18 or later. The steps in order are one program: later steps use what earlier ones define."
              : undefined
          }
        />
      </div>
      <ol className="mt-2 space-y-8">
        {quickstart.steps.map((step) => (
          <li key={step.id} id={`${quickstart.id}-${step.id}`} className="scroll-mt-6">
            <h3 className="mt-6 text-lg font-semibold text-slate-900">{step.title}</h3>
            {step.text.map((paragraph) => (
              <Prose key={paragraph} text={paragraph} />
            ))}
            <CodeBlock code={step[language]} language={languageLabel} name={`${languageLabel} for “${step.title}”`} />
          </li>
        ))}
      </ol>
    </>
  );
}

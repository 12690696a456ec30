import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import { Field, Input, Select } from "@/components/ui/field";
import type { VoiceFilters, voiceFacets } from "@/lib/voice/studio/voice-filters";

/** Search and the language, gender and accent filters of the voice picker, with the count that matches. */
export function VoiceFilterBar({
  id,
  filters,
  onChange,
  onClear,
  facets,
  shown,
  total,
  searchRef,
}: {
  id: string;
  filters: VoiceFilters;
  onChange: (key: keyof VoiceFilters, value: string) => void;
  onClear: () => void;
  facets: ReturnType<typeof voiceFacets>;
  shown: number;
  total: number;
  searchRef?: React.RefObject<HTMLInputElement | null>;
}) {
  const filtered = isFiltered(filters);
  return (
    // Two filters a row only where the card is wide enough for "Any gender (3)" uncut: a prompt
    // set's settings column is narrower than the screen says.
    <div role="search" className="grid grid-cols-1 gap-2 border-b border-slate-200 px-4 py-3 @sm:grid-cols-2 sm:px-5">
      <Field id={`${id}-query`} label="Search voices" className="col-span-full">
        {(props) => (
          <Input
            {...props}
            ref={searchRef}
            type="search"
            placeholder="Name, language, accent…"
            value={filters.query}
            onChange={(e) => onChange("query", e.target.value)}
          />
        )}
      </Field>
      <FilterSelect
        id={`${id}-language`}
        label="Language"
        all="All languages"
        value={filters.language}
        onChange={(value) => onChange("language", value)}
        options={facets.languages}
        className="col-span-full"
      />
      <FilterSelect
        id={`${id}-gender`}
        label="Gender"
        all="Any gender"
        value={filters.gender}
        onChange={(value) => onChange("gender", value)}
        options={facets.genders}
      />
      <FilterSelect
        id={`${id}-accent`}
        label="Accent"
        all="Any accent"
        value={filters.accent}
        onChange={(value) => onChange("accent", value)}
        options={facets.accents}
      />
      <div className="col-span-full flex min-h-8 items-center justify-between gap-2">
        <p className="text-xs text-slate-600" aria-live="polite" aria-atomic="true">
          {filtered ? `${shown} of ${total} voices match.` : `${total} voices.`}
        </p>
        {filtered ? (
          <Button variant="ghost" size="sm" onClick={onClear}>
            Clear filters
          </Button>
        ) : null}
      </div>
    </div>
  );
}

export const isFiltered = (filters: VoiceFilters) =>
  filters.query !== "" || filters.language !== "" || filters.gender !== "" || filters.accent !== "";

function FilterSelect({
  id,
  label,
  all,
  value,
  onChange,
  options,
  className,
}: {
  id: string;
  label: string;
  all: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string; count: number }[];
  className?: string;
}) {
  return (
    <Field id={id} label={label} className={cx("min-w-0", className)}>
      {(props) => (
        <Select {...props} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{all}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label} ({option.count})
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

import type { ReactNode } from "react";
import { TitledCard } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { TBody, THead, Table, Th } from "@/components/ui/table";

/**
 * A card that lists rows in a table, or says what goes there while there are none. The table
 * ends with an unlabelled column for each row's actions.
 */
export function TableCard({
  id,
  title,
  description,
  label,
  columns,
  empty,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  /** The table's name for screen readers. */
  label: string;
  columns: { label: string; className?: string }[];
  /** What the card shows instead of the table, when there are no rows. */
  empty: { title: string; description: ReactNode } | null;
  children: ReactNode;
}) {
  return (
    <TitledCard id={id} title={title} description={description}>
      {empty ? (
        <EmptyState title={empty.title} description={empty.description} />
      ) : (
        <Table label={label}>
          <THead>
            <tr>
              {columns.map((column) => (
                <Th key={column.label} className={column.className}>
                  {column.label}
                </Th>
              ))}
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </tr>
          </THead>
          <TBody>{children}</TBody>
        </Table>
      )}
    </TitledCard>
  );
}

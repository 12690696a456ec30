import type { ReactNode } from "react";
import { cx } from "./cx";

export function Card({
  children,
  className,
  as: Tag = "section",
  ...rest
}: {
  children: ReactNode;
  className?: string;
  as?: "section" | "div" | "article";
  "aria-labelledby"?: string;
}) {
  return (
    <Tag className={cx("rounded-lg border border-slate-200 bg-white shadow-sm", className)} {...rest}>
      {children}
    </Tag>
  );
}

/** Title row of a card; `id` lets the card name itself with aria-labelledby. */
export function CardHeader({
  title,
  description,
  actions,
  id,
  level = 2,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  id?: string;
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 px-4 py-3 sm:px-5">
      <div className="min-w-0">
        <Heading id={id} className="text-base font-semibold text-slate-900">
          {title}
        </Heading>
        {description ? <p className="mt-0.5 text-sm text-slate-600">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}

export function CardBody({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cx("px-4 py-4 sm:px-5", className)}>{children}</div>;
}

/** A card named by its title row: the section's accessible name is its heading (`id`). */
export function TitledCard({
  id,
  title,
  description,
  actions,
  className,
  children,
}: {
  id: string;
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card aria-labelledby={id} className={className}>
      <CardHeader id={id} title={title} description={description} actions={actions} />
      {children}
    </Card>
  );
}

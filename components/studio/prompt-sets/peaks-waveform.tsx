/** A prompt's stored outline as small bars: enough to see a clipped start or a long silence. */
export function PeaksWaveform({ peaks, label }: { peaks: number[]; label: string }) {
  const width = peaks.length * 2;
  return (
    <svg
      viewBox={`0 0 ${width} 32`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
      className="h-8 w-full shrink-0 rounded bg-slate-50 sm:w-40"
    >
      <g className="fill-indigo-500">
        {peaks.map((peak, i) => {
          const h = Math.max(1, (peak / 255) * 30);
          return <rect key={i} x={i * 2} y={16 - h / 2} width={1.4} height={h} rx={0.5} />;
        })}
      </g>
    </svg>
  );
}

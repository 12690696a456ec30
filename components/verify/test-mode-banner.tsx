export function TestModeBanner() {
  return (
    <div role="note" aria-label="Test mode" className="border-b-2 border-amber-500 bg-amber-200 text-amber-950">
      <p className="mx-auto max-w-xl px-4 py-2 text-sm">
        <strong className="mr-1 font-bold tracking-wide">TEST MODE</strong>
        Simulated checks: you choose each result. Test sessions are never billed and never trusted as a real age check.
      </p>
    </div>
  );
}

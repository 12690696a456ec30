/** The organisation that asked, inside a sentence ("<who>{requester}</who> asks you…"); isolated for bidi. */
export const requesterName = (chunks: React.ReactNode) => (
  <bdi className="font-medium text-slate-900" data-testid="requester">
    {chunks}
  </bdi>
);

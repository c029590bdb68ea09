export default function DebugPage() {
  return (
    <div className="space-y-2">
      <title>Debug · Hearth</title>
      <h1 className="font-display text-3xl font-bold text-stone-900">Debug</h1>
      <p className="text-stone-600">Test prompts and enhancements on a single photo.</p>
    </div>
  );
}

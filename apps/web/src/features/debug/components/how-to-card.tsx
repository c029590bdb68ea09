import { useId } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';

/** What the screen is for and how to use it. */
export function HowToCard() {
  const id = useId();
  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>How to use</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="list-decimal space-y-2 pl-5 text-sm text-stone-700">
          <li>Pick a template to fill in its prompt, or write your own.</li>
          <li>
            <span className="font-semibold">Preview Final Prompt</span> shows exactly what an AI provider receives: the
            fixed rules that keep the photo truthful, then your request. Switch on auto-preview to see it as you type.
          </li>
          <li>
            Choose an image and press <span className="font-semibold">Test Full Enhancement</span>.
          </li>
          <li>
            The test creates a project named &lsquo;Debug Test&rsquo; with the time, uploads the image with the prompt,
            and checks for the result every 2 seconds for up to a minute.
          </li>
          <li>Compare the images side by side and download the result. Every step is in the debug log.</li>
        </ol>
        <p className="mt-4 text-xs text-stone-600">
          A full test is a real upload: it uses one image of your plan, and the project appears on your dashboard.
        </p>
      </CardContent>
    </Card>
  );
}

// Ticks only while mounted, so an idle screen does not redraw.
import { Text } from 'ink';
import { useEffect, useState } from 'react';
import { glyphs } from '../terminal/glyphs.js';


export function Spinner(): React.JSX.Element {
  const frames = glyphs().spinner;
  const [frame, setFrame] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setFrame((f) => (f + 1) % frames.length), 100);
    return () => clearInterval(timer);
  }, [frames]);
  return <Text>{frames[frame % frames.length]}</Text>;
}

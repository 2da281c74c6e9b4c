// The floor's entry: its stages in the order and the tasks of src/main.tsx (decision 072).
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
async function start() {
  await import('./boot/react.ts');
  await nextTask();
  await import('./boot/ui.ts');
  await nextTask();
  const { startApp } = await import('./boot/start.tsx');
  startApp();
}
void start();

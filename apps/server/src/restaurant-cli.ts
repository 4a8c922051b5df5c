import { runRestaurantCommand } from './features/restaurants/restaurant-command'

// Restaurants from the command line (`npm run restaurant:create`).
process.exitCode = await runRestaurantCommand(process.argv.slice(2), {
  env: process.env,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
})

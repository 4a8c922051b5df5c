// The server's entry into the web app (`vite build --ssr`): draws the menu's first screen
// with the app's components. Not part of the browser's bundle.
import { renderToStaticMarkup } from 'react-dom/server'
import type { RenderFirstScreen } from '@tableside/contracts/first-screen'
import { FirstScreen } from './app/first-screen'

export const renderFirstScreen: RenderFirstScreen = (input) =>
  renderToStaticMarkup(<FirstScreen {...input} />)

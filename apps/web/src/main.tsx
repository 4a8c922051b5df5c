import './lib/zod-config'
import './styles/tokens.css'
import './styles/base.css'
import { startApp } from './app/start-app'

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')
void startApp(container)

import { h, Component } from 'preact';
import { state, subscribe, update, visible, summary } from './store.js';
import { currency } from './lib/format.js';

export default class App extends Component {
  componentDidMount() {
    this.unsubscribe = subscribe(() => this.forceUpdate());
  }
  render() {
    return h('main', null,
      h('nav', null, ['all', 'shipped', 'packed'].map((f) =>
        h('button', { 'data-filter': f, class: state.filter === f ? 'on' : '', onClick: () => update({ filter: f }) }, f))),
      h('ul', null, visible().map((o) => h('li', { class: 'order ' + o.status, key: o.id }, o.id + ' ' + currency(o.amount)))),
      h('p', { class: 'summary' }, summary()));
  }
}

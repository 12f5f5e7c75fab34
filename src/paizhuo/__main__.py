"""``python -m paizhuo`` runs the command line."""

from paizhuo.cli import main

main()

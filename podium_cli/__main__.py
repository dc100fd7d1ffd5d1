from podium_cli.commands import main

if __name__ == "__main__":
    main()
